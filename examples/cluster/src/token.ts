import { signToken } from './auth.js'

// `PARLEY_SECRET=… npm run token -- alice [seconds]` prints a bearer token
// for alice (valid a day unless told), the way your sign-in would mint one.
const [user, seconds] = process.argv.slice(2)
const secret = process.env.PARLEY_SECRET
if (!user || !secret) {
  console.error('usage: PARLEY_SECRET=… node dist/token.js <user> [lifetime seconds]')
  process.exit(2)
}
console.log(signToken(secret, user, seconds ? Number(seconds) : undefined))
