import Dispatch
import Synchronization

/// Work spread over the machine's cores when there is enough of it to be worth it.
enum Parallel {
    /// Below this many elements, the work runs on the calling thread.
    static let threshold = 2048

    /// `transform` applied to every element, in order, on all cores for large inputs. When elements fail, the
    /// error of the first failing element (by position) is thrown, as a sequential loop would.
    static func map<Element: Sendable, Result: Sendable, Failure: Error>(
        _ elements: [Element], _ transform: @Sendable (Element) throws(Failure) -> Result
    ) throws(Failure) -> [Result] {
        guard elements.count >= threshold else {
            var results: [Result] = []
            results.reserveCapacity(elements.count)
            for element in elements { results.append(try transform(element)) }
            return results
        }
        let chunks = min(elements.count / (threshold / 2), 64)
        let size = (elements.count + chunks - 1) / chunks
        // Per chunk: its results, last first (see the join below), and the error of its first failing element.
        let outcomes = Mutex<[(reversed: [Result], failure: Failure?)]>(Array(repeating: ([], nil), count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * size)..<min((chunk + 1) * size, elements.count)
            var results: [Result] = []
            results.reserveCapacity(range.count)
            var failure: Failure?
            // Last first, so that the join below can move each result out with popLast (reversing the array
            // afterwards copied every result: a swap is not a move). The last error caught is the chunk's first.
            for index in range.reversed() {
                do throws(Failure) {
                    results.append(try transform(elements[index]))
                } catch {
                    failure = error
                }
            }
            outcomes.withLock { $0[chunk] = (results, failure) }
        }
        return try outcomes.withLock { (parts) throws(Failure) -> [Result] in
            // The first chunk with an error holds the first failing element by position.
            if let failure = parts.lazy.compactMap(\.failure).first { throw failure }
            // Each result is moved out of its chunk (popLast) into the array returned. Appending the chunks' arrays
            // copied every result again on one thread (a retain of each of its references, and a release when the
            // chunk went): for 100,000 request keys, most of the serial part of start-up.
            var joined: [Result] = []
            joined.reserveCapacity(elements.count)
            for chunk in parts.indices {
                while let result = parts[chunk].reversed.popLast() { joined.append(result) }
            }
            return joined
        }
    }
}
