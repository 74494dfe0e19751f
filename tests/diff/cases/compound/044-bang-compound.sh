! if false; then :; fi
echo "$?"
! { true; }
echo "$?"
! (exit 3)
echo "$?"
