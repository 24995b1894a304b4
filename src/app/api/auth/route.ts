export { loginRoute as POST } from '@/app/api/_adapters/login-route'
