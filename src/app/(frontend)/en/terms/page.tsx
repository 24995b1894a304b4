import { legalPage } from '@/components/legal/legal-page'

const { generateMetadata, Page } = legalPage('terms')
export { generateMetadata }
export default Page
