case x in [[:upper:][:digit:]]) echo u;; [[:lower:]]) echo lower;; esac
case 5 in [[:upper:][:digit:]]) echo digit;; esac
case - in [a-]) echo trailing-hyphen;; esac
case ']' in []]) echo first-bracket;; esac
