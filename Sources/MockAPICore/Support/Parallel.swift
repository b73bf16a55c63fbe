import Dispatch
import Synchronization

/// Work spread over the machine's cores when there is enough of it to be worth it.
enum Parallel {
    /// Below this many elements, the work runs on the calling thread.
    static let threshold = 2048

    /// `transform` applied to every element, in order, on all cores for large inputs. When elements fail, the
    /// error of the first failing element (by position) is thrown, as a sequential loop would.
    ///
    /// Each chunk of the work writes its results in place in the array being built. Collected per chunk and joined
    /// afterwards, every result was copied once more on one thread (a retain of each of its references, and a release
    /// when the chunk went): for 100,000 request keys that was most of the serial part of start-up.
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
        // Per chunk: how many of its results were written (a prefix of its range), and the error that stopped it.
        let outcomes = Mutex<[(written: Int, failure: Failure?)]>(Array(repeating: (0, nil), count: chunks))
        var failure: Failure?
        let results = [Result](unsafeUninitializedCapacity: elements.count) { buffer, initializedCount in
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = (chunk * size)..<min((chunk + 1) * size, elements.count)
                var written = 0
                var stopped: Failure?
                for index in range {
                    do throws(Failure) {
                        (slots.base + index).initialize(to: try transform(elements[index]))
                        written += 1
                    } catch {
                        stopped = error
                        break
                    }
                }
                outcomes.withLock { $0[chunk] = (written, stopped) }
            }
            let ended = outcomes.withLock { $0 }
            guard let first = ended.firstIndex(where: { $0.failure != nil }) else {
                initializedCount = elements.count
                return
            }
            // Chunks before the first failing one ran to their end: its error is the first by position.
            failure = ended[first].failure
            for (chunk, outcome) in ended.enumerated() {
                (buffer.baseAddress! + chunk * size).deinitialize(count: outcome.written)
            }
            initializedCount = 0
        }
        if let failure { throw failure }
        return results
    }

    /// The array's storage, written by the chunks at disjoint positions.
    private struct Slots<Value>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Value>
    }
}
