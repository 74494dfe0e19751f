# ;; outside a case
echo a ;;
echo after
