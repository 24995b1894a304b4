import { legalPage } from '@/components/legal/legal-page'

const { generateMetadata, Page } = legalPage('withdrawal')
export { generateMetadata }
export default Page
