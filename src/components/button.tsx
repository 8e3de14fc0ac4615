import { createLink, type LinkComponent } from '@tanstack/react-router'
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react'
import { useHydrated } from '~/lib/use-hydrated'

/** Button variants (primary, secondary, ghost) and sizes, themed through the shop's colour variables. */
export type ButtonVariant = 'primary' | 'outline' | 'white' | 'gray' | 'ghost' | 'danger'
export type ButtonSize = 'xs' | 'sm' | 'md'

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:brightness-110',
  outline: 'border-2 border-primary bg-transparent text-primary hover:bg-primary hover:text-on-primary',
  white: 'bg-white text-gray-900 shadow-sm hover:bg-gray-100',
  gray: 'bg-gray-200 text-gray-900 hover:bg-gray-300',
  ghost: 'bg-transparent text-current hover:bg-black/5',
  danger: 'bg-error text-on-error hover:brightness-110',
}

const sizes: Record<ButtonSize, string> = {
  xs: 'min-h-8 px-2.5 text-xs',
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
}

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '') {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ')
}

type Style = { variant?: ButtonVariant; size?: ButtonSize }

/**
 * A button. One that only works with JavaScript (`type="button"`) is disabled, visibly, until the
 * page has hydrated: a tap before that would be lost. Submit buttons stay enabled: without
 * JavaScript their form still submits.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & Style>(
  function Button({ variant, size, className, type = 'button', disabled, ...props }, ref) {
    const hydrated = useHydrated()
    return <button ref={ref} type={type} disabled={disabled || (type === 'button' && !hydrated)} className={buttonClass(variant, size, className)} {...props} />
  },
)

const StyledAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & Style>(
  function StyledAnchor({ variant, size, className, ...props }, ref) {
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes with the props (children)
    return <a ref={ref} className={buttonClass(variant, size, className)} {...props} />
  },
)

const RouterButtonLink = createLink(StyledAnchor)

/** A router link that looks like a button. */
export const ButtonLink: LinkComponent<typeof StyledAnchor> = (props) => <RouterButtonLink preload="intent" {...props} />
