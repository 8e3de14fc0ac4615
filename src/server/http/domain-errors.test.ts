import { describe, expect, it } from 'vitest'
import { DOMAIN_ERROR_STATUS, errorResponse, problemOf } from './problem'
import { conflict, DomainError, invalidField, invalidFields, notFound, paymentInProgress, type DomainErrorKind } from '../domain/errors'

describe('domain errors at the API edge', () => {
  it('answers each kind with its status and wording', () => {
    const expected: Record<DomainErrorKind, [number, string]> = {
      invalid: [400, 'Invalid enquiry'],
      unauthorised: [401, 'Not authorised'],
      not_found: [404, 'Page not found'],
      conflict: [409, 'Conflict'],
      gone: [410, 'Gone'],
      upstream: [502, 'Bad gateway'],
      throttled: [429, 'Too many requests'],
    }
    for (const [kind, [status, wording]] of Object.entries(expected) as [DomainErrorKind, [number, string]][]) {
      const problem = problemOf(new DomainError(kind, `x.${kind}`, 'Something.'))
      expect([problem.statusCode, problem.statusMessage], kind).toEqual([status, wording])
      expect(problem.data, kind).toEqual({ code: `x.${kind}` })
    }
    expect(Object.keys(DOMAIN_ERROR_STATUS).sort()).toEqual(Object.keys(expected).sort())
  })

  it('tells a throttled client when to try again (Retry-After in whole seconds, at least one)', () => {
    const problem = problemOf(new DomainError('throttled', 'auth.throttled', 'Too many attempts.', { retryAfterSeconds: 899.2 }))
    expect(problem.headers['retry-after']).toBe('900')
    expect(problem.data).toEqual({ code: 'auth.throttled', retryAfterSeconds: 899.2 })
    expect(problemOf(new DomainError('throttled', 'auth.throttled', 'Too many attempts.', { retryAfterSeconds: 0 })).headers['retry-after']).toBe('1')
  })

  it('puts the code first and the data beside it, as the error bodies have them', async () => {
    const error = conflict('places.insufficient', 'Only 2 places are left on this date.', { placesLeft: 2 })
    const response = errorResponse(problemOf(error), 'req-1')
    expect(response.status).toBe(409)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.text()).toBe(
      JSON.stringify({
        statusCode: 409,
        statusMessage: 'Conflict',
        message: 'Only 2 places are left on this date.',
        data: { code: 'places.insufficient', placesLeft: 2, requestId: 'req-1' },
      }),
    )
  })

  it('words field errors as the contract validation error', () => {
    expect(problemOf(invalidField('quantity', 'too_big', 'The quantity must be at most 4.', { maximum: 4 }))).toMatchObject({
      statusCode: 400,
      message: 'The quantity must be at most 4.',
      data: { code: 'validation', errors: { quantity: { code: 'too_big', params: { maximum: 4 } } } },
    })
    expect(problemOf(invalidFields({ mode: { code: 'invalid' } })).message).toBe('Please check your entries and try again.')
  })

  it('challenges for the operator token when unauthorised, and only then', () => {
    expect(problemOf(new DomainError('unauthorised', 'operator.unauthorised', 'A token is required.')).headers).toEqual({
      'www-authenticate': 'Bearer realm="operator"',
    })
    expect(problemOf(notFound('cart.not_found', 'This cart does not exist.')).headers).toEqual({})
    // A staff member signs in with a form: no HTTP challenge.
    expect(problemOf(new DomainError('unauthorised', 'auth.invalid_credentials', 'Wrong.')).headers).toEqual({})
    expect(problemOf(paymentInProgress())).toMatchObject({ statusCode: 409, data: { code: 'payment.in_progress' } })
  })
})
