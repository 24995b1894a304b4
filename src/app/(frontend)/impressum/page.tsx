import { legalPage } from '@/app/(frontend)/_pages/legal-page'

const { generateMetadata, Page } = legalPage('imprint')
export { generateMetadata }
export default Page
