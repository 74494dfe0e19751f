eval 'echo' 'one' "two  three"
