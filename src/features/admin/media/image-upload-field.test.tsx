// @vitest-environment jsdom
import { File as NodeFile } from 'node:buffer'
import { useState } from 'react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { I18n } from '@lingui/core'
import { adminI18n, loadAdminMessages } from '../i18n'
import { ImageUploadField } from './image-upload-field'

// The staff API client as the browser builds it, its fetch mocked (requests are recorded).
const transport = vi.hoisted(() => ({ fetch: vi.fn<(request: Request) => Promise<Response>>() }))
vi.mock('~/functions/api-transport', () => ({
  createTransport: () => ({ baseUrl: 'http://alpin.shop.test', fetch: (request: Request) => transport.fetch(request), xsrfToken: async () => 'xsrf-token-1' }),
}))

const NEW_ID = 'Zb3x9Qw2Lr8Tn5Vp1Ks7Hd4Gf6Jm0Ac2'
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refusal = (code: string, params?: Record<string, unknown>) =>
  json(422, { statusCode: 422, statusMessage: 'Unprocessable request', message: 'x', data: { code: 'validation', errors: { file: { code, params } } } })
/** A file as the browser hands it over (Node's File: the fetch under test is Node's). */
const png = (bytes = 64) => new NodeFile([new Uint8Array(bytes).fill(7)], 'logo.png', { type: 'image/png' }) as unknown as File

let i18n: I18n
beforeAll(async () => {
  i18n = adminI18n('en', await loadAdminMessages('en'))
})

function Harness() {
  const [value, setValue] = useState<string | null>('default')
  return (
    <main>
      <ImageUploadField label="Logo" description="Shown in the header." value={value} onChange={setValue} />
      <p data-testid="value">{value}</p>
    </main>
  )
}

function renderField() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <Harness />
      </I18nProvider>
    </QueryClientProvider>,
  )
  const input = screen.getByLabelText('Logo Replace the image')
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } })
  return { input, choose, image: () => document.querySelector('main img') as HTMLImageElement }
}

describe('image upload field of the staff app', () => {
  afterEach(() => {
    cleanup()
    transport.fetch.mockReset()
  })

  it('uploads the chosen file as the body (with its type, anti-forgery token and key), busy until answered, then shows the new image', async () => {
    let answer!: (response: Response) => void
    transport.fetch.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const { choose, image } = renderField()
    expect(image().getAttribute('src')).toBe('/api/media/v1/media/default.jpg?width=400')
    choose(png())

    expect(await screen.findByText('Uploading…')).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Logo' }).getAttribute('aria-busy')).toBe('true')
    const request = transport.fetch.mock.calls[0]![0]
    expect([request.method, request.url]).toEqual(['POST', 'http://alpin.shop.test/api/admin/v1/media'])
    expect(request.headers.get('content-type')).toBe('image/png')
    expect(request.headers.get('x-xsrf-token')).toBe('xsrf-token-1')
    expect(request.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/)
    expect(request.headers.get('x-flowin-locale')).toBe('en')
    expect(new Uint8Array(await request.clone().arrayBuffer())).toEqual(new Uint8Array(64).fill(7))

    await act(async () => answer(json(201, { data: { id: NEW_ID, width: 64, height: 64, contentType: 'image/png' } })))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Image uploaded.'))
    expect(screen.getByTestId('value').textContent).toBe(NEW_ID)
    expect(image().getAttribute('src')).toBe(`/api/media/v1/media/${NEW_ID}.jpg?width=400`)
    expect(screen.getByRole('group', { name: 'Logo' }).hasAttribute('aria-busy')).toBe(false)
  })

  it("shows the server's reason for a refused file, tied to the input, and keeps the previous image", async () => {
    transport.fetch.mockResolvedValueOnce(refusal('media.unsupported_type'))
    const { input, choose, image } = renderField()
    choose(png())
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Please choose a JPEG, PNG or WebP image.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id)
    expect(screen.getByTestId('value').textContent).toBe('default')
    expect(image().getAttribute('src')).toBe('/api/media/v1/media/default.jpg?width=400')

    // the next refusal replaces the text; the bounds come from the answer
    transport.fetch.mockResolvedValueOnce(refusal('media.too_large_dimensions', { maxSide: 12_000, maxPixels: 40_000_000 }))
    choose(png())
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This image has too many pixels: at most 12,000 pixels on a side and 40 megapixels.'))
  })

  it('refuses a file over the bound before sending it', async () => {
    const { choose } = renderField()
    choose(png(10 * 1024 * 1024 + 1))
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large: at most 10 MB.')
    expect(transport.fetch).not.toHaveBeenCalled()
  })

  it('has no accessibility violations, refused or not', async () => {
    transport.fetch.mockResolvedValueOnce(refusal('media.unreadable'))
    const { choose } = renderField()
    const check = async () => (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => `${v.id}: ${v.nodes.length}`)
    expect(await check()).toEqual([])
    choose(png())
    await screen.findByRole('alert')
    expect(await check()).toEqual([])
  })
})
