import type { Follower } from '../../../payload-types'
import { isReleaseCollection } from '@/rules/followers'
import { composeReleaseMail, loadReleaseContent } from '../release-mail'
import { MailNotNeeded, type MailTemplate } from '../template'

/**
 * The seller's test mail of a release mail (the admin's "Testmail an mich"): the mail as a
 * follower in this language gets it, from the newest draft, with "[Test]" before the subject. Its
 * unsubscribe link names no follower and unsubscribes nobody.
 */
export const releaseTest: MailTemplate = async (payload, { locale, data }) => {
  const collection = data.collection
  const id = data.id
  if (!isReleaseCollection(collection) || typeof id !== 'number') throw new Error('The test mail names no release.')
  const release = await loadReleaseContent(payload, { collection, id }, { draft: true })
  if (!release) throw new MailNotNeeded('The release was deleted: no test mail.')
  const seller = { id: 0, email: 'test@invalid', locale, status: 'confirmed' } as Follower
  return composeReleaseMail(payload, seller, release, { test: true })
}
