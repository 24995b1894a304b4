import { withdrawalFormPage } from '@/app/(frontend)/_pages/withdrawal-page'

const { generateMetadata, Page } = withdrawalFormPage()
export { generateMetadata }
export default Page
