#ifndef MOCKAPI_CMICROHTTPD_HOT_H
#define MOCKAPI_CMICROHTTPD_HOT_H

// For the functions every replayed request runs: the ELF linkers put `.text.hot` input sections together, so the
// request's code shares a few pages and cache lines instead of being spread over the binary. The Swift functions on
// that path carry `@section(".text.hot")` (README: "The request path").
#if defined(__ELF__)
#define MOCKAPI_HOT __attribute__((section(".text.hot")))
#else
#define MOCKAPI_HOT
#endif

#endif
