extension Array where Element: Comparable {
    /// Whether an array sorted ascending holds `value`: a binary search, for the small
    /// sorted tables the hot path consults (cheaper than hashing there).
    @inline(__always)
    func sortedContains(_ value: Element) -> Bool {
        sortedIndex(of: value) != nil
    }

    /// The position of `value` in an array sorted ascending, nil when it is not there.
    @inline(__always)
    func sortedIndex(of value: Element) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value ? low : nil
    }
}
