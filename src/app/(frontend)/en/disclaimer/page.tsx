import { legalPage } from '@/components/legal/legal-page'

const { generateMetadata, Page } = legalPage('privacy')
export { generateMetadata }
export default Page
