import { legalPage } from '@/components/legal/legal-page'

const { generateMetadata, Page } = legalPage('paymentTerms')
export { generateMetadata }
export default Page
