import { legalPage } from '@/components/legal/legal-page'

const { generateMetadata, Page } = legalPage('imprint')
export { generateMetadata }
export default Page
