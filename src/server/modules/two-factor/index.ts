/** Two-factor sign-in (TOTP and recovery codes), and the end of every sign-in (session, cookies, new-device e-mail). */
export { twoFactorRoutes } from './two-factor.routes';
export { createLoginChallenge, isTwoFactorEnabled } from './two-factor.service';
export { finishSignIn } from './sign-in';
