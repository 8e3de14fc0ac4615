/**
 * Colours for Scalar's light theme that pass WCAG AA (4.5:1) on every background it uses
 * (#fff, #fbfbfb, #f6f6f6, #f1f1f1): its own greys (#757575, #8e8e8e) and method colours
 * (blue, green, red, orange at 3.2-4.0:1) fail on small text. Given to the renderer as
 * `customCss`, which it appends after its theme, so these win at equal specificity. Ratios on
 * #f1f1f1, the darkest background they sit on: 6.2, 5.5, 5.9, 5.4, 5.7, 5.5, 4.9, 8.1.
 */
export const ACCESSIBLE_THEME_CSS = `
.light-mode,
.light-mode .t-doc__sidebar {
  --scalar-color-2: #595959;
  --scalar-color-3: #616161;
  --scalar-color-blue: #0060a0;
  --scalar-color-green: #00704a;
  --scalar-color-red: #c00000;
  --scalar-color-orange: #a64000;
  --scalar-color-yellow: #8a6100;
  --scalar-color-purple: #5203d1;
  --scalar-sidebar-search-color: #616161;
}
`
