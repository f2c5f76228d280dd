// Pins any number of arrays for one native call (the 2D builder takes a
// list of tiles, each with its own arrays, more than `fixed` can name) and
// unpins them all on Dispose.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Onav
{
    internal sealed class PinSet : IDisposable
    {
        readonly List<GCHandle> pins = new List<GCHandle>();

        /// The address of the pinned array; zero for null or empty.
        internal IntPtr Pin(Array array)
        {
            if (array == null || array.Length == 0) return IntPtr.Zero;
            GCHandle pin = GCHandle.Alloc(array, GCHandleType.Pinned);
            pins.Add(pin);
            return pin.AddrOfPinnedObject();
        }

        public void Dispose()
        {
            foreach (GCHandle pin in pins) pin.Free();
            pins.Clear();
        }
    }
}
