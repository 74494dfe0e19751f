( ( ( echo deep ) ) )
( (echo spaced-nested) )
