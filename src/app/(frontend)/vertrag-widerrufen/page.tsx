import { withdrawalFormPage } from '@/components/withdrawal/withdrawal-page'

const { generateMetadata, Page } = withdrawalFormPage()
export { generateMetadata }
export default Page
