/** URL of a shop image from the media endpoint (spec §7: hero 1024, logo 64). */
export function mediaUrl(mediaId: string, width?: number) {
  const id = /^[A-Za-z0-9_-]{1,64}$/.test(mediaId) ? mediaId : 'default'
  return `/api/media/v1/media/${id}.jpg${width ? `?width=${width}` : ''}`
}
