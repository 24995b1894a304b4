/** Passwords that appear at the top of every leaked-password list; refused at registration. */
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  'password', 'password1', 'password123', 'passwort', 'passwort1', 'passwort123', 'qwertz123', 'qwerty123',
  'qwertyuiop', 'qwertzuiop', 'asdfghjkl', 'asdfasdf', 'iloveyou', 'sunshine', 'princess', 'football',
  'baseball', 'welcome1', 'willkommen', 'letmein1', 'abc12345', 'abcd1234', 'admin123', 'administrator',
  'hallo123', 'schatz123', 'fussball', 'sommer123', 'master123', 'monkey123', 'dragon123', 'trustno1',
  'starwars', 'whatever', 'superman', 'michael1', 'shadow123', 'computer', 'internet', 'hello123',
])
