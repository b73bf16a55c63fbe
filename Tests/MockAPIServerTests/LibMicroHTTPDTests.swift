import MockAPIServer
import Testing

/// What mockapi assumes of the libmicrohttpd it runs with beyond its API.
struct LibMicroHTTPDTests {
    /// `mockapi_mhd_forget_query` writes into libmicrohttpd's own read buffer, which only the version it was checked
    /// against is known to allow. A different libmicrohttpd turns it off (queries are parsed as usual, slower for
    /// huge ones); this fails so that someone checks the new version's connection.c and updates the shim's check.
    @Test func queryForgetting_isCheckedAgainstTheLibraryInUse() {
        #expect(LibMicroHTTPD.version == "0.9.75", "libmicrohttpd changed: check mockapi_mhd_forget_query against it")
        #expect(LibMicroHTTPD.forgetsQueries)
    }
}
