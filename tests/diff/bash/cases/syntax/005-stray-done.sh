# done alone
done
echo after
