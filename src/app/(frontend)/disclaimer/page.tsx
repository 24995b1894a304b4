import { legalPage } from '@/app/(frontend)/_pages/legal-page'

const { generateMetadata, Page } = legalPage('privacy')
export { generateMetadata }
export default Page
