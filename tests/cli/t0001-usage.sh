#!/bin/sh
# Usage, help and bad options: exit 2 with one "roofline:" line, never a crash.
. "$(dirname "$0")/lib.sh"

test_expect_success '--help prints the commands and exits 0' '
	"$ROOFLINE" --help >help && grep -q "roofline measure" help && grep -q "roofline compare" help
'
test_expect_success '--version prints a version' '
	"$ROOFLINE" --version | grep -q "^roofline [0-9]"
'
test_expect_success 'no command is a usage error' 'expect_usage_error'
test_expect_success 'an unknown command is a usage error' 'expect_usage_error frobnicate'
test_expect_success 'an unknown option is a usage error' 'expect_usage_error measure --bogus'
test_expect_success 'an unknown group is a usage error' 'expect_usage_error measure --only bandwidth,bogus'
test_expect_success 'an unknown level is a usage error' 'expect_usage_error measure --levels dram,l3'
test_expect_success 'an empty level list is a usage error' 'expect_usage_error measure --levels ,'
test_expect_success '--passes 0 is a usage error' 'expect_usage_error measure --passes 0'
test_expect_success '--trials x is a usage error' 'expect_usage_error measure --trials x'
test_expect_success '--max-size with a bad suffix is a usage error' 'expect_usage_error measure --max-size 12parsecs'
test_expect_success '--threads 0 is a usage error' 'expect_usage_error measure --threads 0'
test_expect_success 'fit needs a directory' 'expect_usage_error fit'
test_expect_success 'fit of a missing directory is a usage error' 'expect_usage_error fit does-not-exist'
test_expect_success 'compare needs two directories' 'expect_usage_error compare a'
test_expect_success 'plot rejects an unknown format' 'mkdir -p d && expect_usage_error plot d --format bmp'
test_expect_success 'plot rejects a bad size' 'mkdir -p d && expect_usage_error plot d --size 12'
test_expect_success 'measure --list shows the registry with its metadata' '
	"$ROOFLINE" measure --list >list &&
	grep -q "^triad .* 24 " list && grep -q "^fma_scalar " list && grep -q "^horner " list
'
test_done
