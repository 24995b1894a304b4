import { redeemCodePage } from '@/app/(frontend)/_pages/redeem-page'

const { generateMetadata, Page } = redeemCodePage()
export { generateMetadata }
export default Page
