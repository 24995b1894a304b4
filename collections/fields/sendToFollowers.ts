import type { UIField } from 'payload'

/** The sidebar's "An Follower senden" of a release (src/components/admin/followers/SendToFollowersField.tsx). */
export const sendToFollowersField: UIField = {
  name: 'send_to_followers',
  type: 'ui',
  admin: { position: 'sidebar', components: { Field: '/src/components/admin/followers/SendToFollowersField#SendToFollowersField' } },
}
