/**
 * The user's row and what every other area reads of it: the current-user answer, the subscription
 * state, the data version. The lowest area: it depends on no other.
 */
export {
  confirmEmailChange,
  createUser,
  requestEmailChange,
  setTrialDaysRemaining,
  setUserDisabled,
  type CreateUserParams,
} from './users.service';
export { getAnalyticsVersion, getUserByEmail, getUserById, updateUser, type UserRow } from './users.queries';
export { toCurrentUserJson, toSubscriptionState, type CurrentUserJson } from './current-user';
