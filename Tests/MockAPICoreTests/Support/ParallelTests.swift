@testable import MockAPICore
import Testing

struct ParallelTests {
    private struct Failure: Error, Equatable {
        let index: Int
    }

    /// Large inputs, spread over the cores, come back in order, each result once: as a loop would give them.
    @Test func results_areInTheElementsOrder() {
        let count = Parallel.threshold * 5 + 7
        let results = Parallel.map(Array(0..<count)) { "item \($0)" }
        #expect(results == (0..<count).map { "item \($0)" })
    }

    /// Of several failing elements, the first by position is the one reported, as a loop would report it: also when
    /// the failures fall in one chunk of the work, or one is the very last element.
    @Test(arguments: [[1], [5, 3], [100, 101, 9000], [9001, 4000], [Parallel.threshold * 5 - 1]])
    func failure_isTheFirstByPosition(failing: [Int]) {
        let failing = Set(failing)
        #expect(throws: Failure(index: failing.min() ?? -1)) {
            try Parallel.map(Array(0..<(Parallel.threshold * 5))) { (index) throws(Failure) -> Int in
                if failing.contains(index) { throw Failure(index: index) }
                return index
            }
        }
    }
}
