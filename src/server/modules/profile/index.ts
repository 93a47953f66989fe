/** The signed-in user's profile and e-mail change: above users and trades (a new default risk re-derives R). */
export { profileRoutes } from './profile.routes';
