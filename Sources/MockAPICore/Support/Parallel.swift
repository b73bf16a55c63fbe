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
        let parts = Mutex<[Swift.Result<[Result], Failure>?]>(Array(repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * size)..<min((chunk + 1) * size, elements.count)
            let part = Swift.Result { () throws(Failure) -> [Result] in
                var results: [Result] = []
                results.reserveCapacity(range.count)
                for index in range { results.append(try transform(elements[index])) }
                return results
            }
            parts.withLock { $0[chunk] = part }
        }
        var results: [Result] = []
        results.reserveCapacity(elements.count)
        for part in parts.withLock({ $0 }) {
            guard let part else { continue }
            results.append(contentsOf: try part.get())
        }
        return results
    }
}
