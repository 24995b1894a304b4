import { legalPage } from '@/app/(frontend)/_pages/legal-page'

const { generateMetadata, Page } = legalPage('terms')
export { generateMetadata }
export default Page
