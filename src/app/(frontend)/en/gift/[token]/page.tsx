import { giftPage } from '@/app/(frontend)/_pages/gift-page'

const { generateMetadata, Page } = giftPage()
export { generateMetadata }
export default Page
