import { legalPage } from '@/app/(frontend)/_pages/legal-page'

const { generateMetadata, Page } = legalPage('paymentTerms')
export { generateMetadata }
export default Page
