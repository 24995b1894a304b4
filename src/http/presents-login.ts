/** Whether a request presents a login at all (an Authorization header, or Payload's login cookie), valid or not. */
export const presentsLogin = (authorization: string | null | undefined, cookie: string | null | undefined): boolean =>
  Boolean(authorization) || /(?:^|;\s*)payload-token=/.test(cookie ?? '')
