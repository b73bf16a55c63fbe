import CMicroHTTPD
import MockAPICore
#if canImport(Glibc)
import Glibc
#endif

/// The request headers a responder asked for (``HeaderNeeds/only(_:)``), in the form the C request check takes: the
/// check notes the fields with these names in its one pass over the headers, where a lookup of each name made another
/// pass (about 100 instructions a name on every request, found or not).
final class WantedHeaders: @unchecked Sendable {
    /// Lower-case, in the order of the C table.
    let names: [String]
    /// What `mockapi_mhd_check_request` takes; lives as long as this object.
    let table: UnsafeMutablePointer<mockapi_wanted_headers>
    private let cNames: UnsafeMutablePointer<UnsafePointer<CChar>?>
    private let sizes: UnsafeMutablePointer<Int>

    init(_ names: Set<String>) {
        // Lowered again here: the C check compares each field's name with these as lower-case ASCII.
        self.names = Set(names.map { $0.lowercased() }).sorted()
        cNames = .allocate(capacity: max(self.names.count, 1))
        sizes = .allocate(capacity: max(self.names.count, 1))
        for (index, name) in self.names.enumerated() {
            cNames[index] = UnsafePointer(strdup(name))
            sizes[index] = name.utf8.count
        }
        table = .allocate(capacity: 1)
        table.initialize(to: mockapi_wanted_headers(count: self.names.count, names: cNames, sizes: sizes))
    }

    deinit {
        for index in names.indices { free(UnsafeMutablePointer(mutating: cNames[index])) }
        cNames.deallocate()
        sizes.deallocate()
        table.deallocate()
    }

    /// The wanted fields of a checked request, in the order sent; every one of them, also when there were more than
    /// the check keeps (they are then read from libmicrohttpd again).
    @section(".text.hot")
    func headers(found check: UnsafePointer<mockapi_request_check>, _ connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        let count = check.pointee.found_count
        guard count > 0 else { return headers }
        guard count <= Int(MOCKAPI_FOUND_HEADERS_MAX) else {
            let wanted = Set(names)
            return HTTPHeaders(allHeaders(of: connection).fields.filter { wanted.contains($0.name.lowercased()) })
        }
        let found = UnsafeRawPointer(check).advanced(by: MemoryLayout<mockapi_request_check>.offset(of: \.found)!)
        for field in UnsafeBufferPointer(start: found.assumingMemoryBound(to: mockapi_found_header.self), count: count) {
            let value = field.value.map { value in
                value.withMemoryRebound(to: UInt8.self, capacity: field.size) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: field.size), as: UTF8.self)
                }
            }
            headers.append(names[field.wanted], value ?? "")
        }
        return headers
    }
}

/// Every header field of the request on `connection`, in the order sent, names as sent.
func allHeaders(of connection: OpaquePointer) -> HTTPHeaders {
    var headers = HTTPHeaders()
    // Called without an iterator, libmicrohttpd counts the fields: room for all of them at once.
    headers.fields.reserveCapacity(Int(MHD_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, nil, nil)))
    withUnsafeMutablePointer(to: &headers) { pointer in
        _ = MHD_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, { context, _, key, value in
            guard let context, let key else { return MHD_Result.YES }
            let headers = context.assumingMemoryBound(to: HTTPHeaders.self)
            headers.pointee.append(String(cString: key), value.map { String(cString: $0) } ?? "")
            return MHD_Result.YES
        }, pointer)
    }
    return headers
}
