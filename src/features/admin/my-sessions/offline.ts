/** What the staff app keeps for reading offline, removed on signing out (this browser only). */
import { forgetOfflineWorker } from './offline-worker'
import { clearOfflineCopies } from './storage'

/** Removes the offline copies at once, then the service worker and its caches. Never throws. */
export async function forgetOfflineData(): Promise<void> {
  clearOfflineCopies()
  await forgetOfflineWorker()
}
