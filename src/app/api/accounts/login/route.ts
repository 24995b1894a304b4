export { loginRoute as POST } from '@/http/login-route'
