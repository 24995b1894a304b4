import { legalPage } from '@/app/(frontend)/_pages/legal-page'

const { generateMetadata, Page } = legalPage('withdrawal')
export { generateMetadata }
export default Page
