import { freeDownloadPage } from '@/app/(frontend)/_pages/free-download-page'

const { generateMetadata, Page } = freeDownloadPage()
export { generateMetadata }
export default Page
