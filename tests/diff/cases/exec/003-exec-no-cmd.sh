exec
echo "still here $?"
