import { GiftNotFound } from '@/components/gifts/GiftNotFound'

export default GiftNotFound
