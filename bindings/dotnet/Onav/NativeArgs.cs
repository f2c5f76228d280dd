// Managed arguments turned into the C ABI's sizes and indices, checked
// first so a bad value is the caller's ArgumentException and never a read
// past an array or a negative number reinterpreted as a huge one.
using System;

namespace Onav
{
    internal static class NativeArgs
    {
        /// The element count of an array as size_t; null counts as empty.
        internal static UIntPtr Length(Array array)
        {
            return (UIntPtr)(uint)(array == null ? 0 : array.Length);
        }

        internal static uint Index(int index, string name)
        {
            if (index < 0) throw new ArgumentOutOfRangeException(name, index, "must not be negative");
            return (uint)index;
        }

        internal static void Range<T>(T[] data, int offset, int count, string name)
        {
            if (data == null) throw new ArgumentNullException(name);
            if (offset < 0 || offset > data.Length) throw new ArgumentOutOfRangeException("offset", offset, "outside " + name + " of length " + data.Length);
            if (count < 0 || count > data.Length - offset) throw new ArgumentOutOfRangeException("count", count, "past the end of " + name + " of length " + data.Length + " from offset " + offset);
        }
    }
}
