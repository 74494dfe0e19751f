# an unterminated ((
(( 1 +
