echo before
echo a ;;
