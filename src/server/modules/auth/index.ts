/** Sign-up, sign-in, verification and password resets. */
export { authRoutes } from './auth.routes';
export { requestPasswordReset, resendVerification, type AuthDeps } from './auth.service';
