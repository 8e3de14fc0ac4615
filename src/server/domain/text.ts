/**
 * Texts that can be stored and e-mailed. A JSON body may carry a lone UTF-16 surrogate
 * (`"\ud800"`): it is no character, and PostgreSQL's jsonb and the e-mail refuse it (the fuzzer
 * found it). Staff texts are refused with the checkout's `control_characters` code; what is only
 * recorded (history details) gets U+FFFD in its place, as text columns do.
 */
import { hasControlCharacters } from '~/lib/checkout-validation'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g')

/** Whether a text cannot be stored or sent: a control character its field does not allow (line breaks when `multiline`) or a lone surrogate. */
export function unstorableText(text: string, multiline = false): boolean {
  return LONE_SURROGATE.test(text) || hasControlCharacters(text, multiline)
}

/** The text with each lone surrogate replaced by U+FFFD. */
export const wellFormedText = (text: string): string => text.replace(LONE_SURROGATES, '\ufffd')
