// A walkable region of the planar builder (NavMesh.BuildPlanar): its
// outline and holes on the builder's plane (Double2.Y is world Z; rings run
// either way round, the last point joining the first), and its area and
// flags. Arrays left null count as empty.
namespace Onav
{
    public sealed class PlanarRegion
    {
        public Double2[] Outline;
        public Double2[][] Holes;
        /// 0..63, or -1 for the settings' Area.
        public int Area = -1;
        /// 0..65535, or -1 for the settings' Flags.
        public int Flags = -1;

        internal NativePlanarRegion ToNative(PinSet pins)
        {
            NativePlanarRing[] holes = NativePlanarRing.All(Holes, pins);
            return new NativePlanarRegion
            {
                Outline = NativePlanarRing.Of(Outline, pins),
                Holes = pins.Pin(holes), HoleCount = NativeArgs.Length(holes),
                Area = Area, Flags = Flags,
            };
        }
    }
}
