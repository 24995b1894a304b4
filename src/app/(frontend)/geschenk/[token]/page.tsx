import { giftPage } from '@/components/gifts/gift-page'

const { generateMetadata, Page } = giftPage()
export { generateMetadata }
export default Page
