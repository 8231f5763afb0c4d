! axpy.f90 - libroofline from Fortran: the module roofline.
!
!     y(i) = a * x(i) + y(i)      n doubles
!
! 2 flops and 24 bytes per element (read x and y, write y). The region's
! declared totals go with its end; the rows are written at roofline_flush
! (or at exit) to $ROOFLINE_POINTS (default points.csv).
!
!     axpy_f90 [N [REPEATS]]
program axpy
  use, intrinsic :: iso_c_binding, only: c_double
  use roofline
  implicit none
  integer :: n, repeats, r, i
  character(len=32) :: arg
  real(c_double), allocatable :: x(:), y(:)
  real(c_double), parameter :: a = 0.5d0

  n = 1048576
  repeats = 20
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) repeats
  end if
  allocate (x(n), y(n))
  do i = 1, n
    x(i) = real(mod(i, 10), c_double)
    y(i) = 0d0
  end do

  call roofline_set_version("fortran")
  do r = 1, repeats
    call roofline_region_begin("axpy")
    do i = 1, n
      y(i) = a * x(i) + y(i)
    end do
    call roofline_region_end("axpy", 2d0 * n, 24d0 * n)
  end do
  call roofline_flush()

  ! Exact in binary: a multiple of 0.5 summed repeats times.
  do i = 1, n
    if (abs(y(i) - repeats * a * x(i)) > 0d0) then
      print '(a, i0)', 'axpy_f90: wrong result at ', i
      stop 1
    end if
  end do
  print '(a, i0, a, i0, a)', 'axpy_f90: n = ', n, ', ', repeats, ' repeats, checked'
end program axpy
