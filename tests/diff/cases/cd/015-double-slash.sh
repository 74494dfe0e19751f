cd //
pwd
cd //usr
pwd
cd ///usr
pwd
